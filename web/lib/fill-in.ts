/** "Deliver again on {date}" with `{ date: 'Wednesday, 9 December' }`: a contract's text with its blanks filled. */
export function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (blank, name: string) =>
    name in values ? String(values[name]) : blank,
  );
}
