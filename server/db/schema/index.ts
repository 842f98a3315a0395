export * from './accounts';
export * from './cart';
export * from './catalogue';
export * from './contact';
export * from './notifications';
export * from './orders';
export * from './shipments';
export * from './staff';
