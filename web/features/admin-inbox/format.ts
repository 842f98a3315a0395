export const statusLabels = { new: 'New', replied: 'Replied', closed: 'Closed' } as const;
