export interface Status {
  kind: 'success' | 'error';
  text: string;
}

interface StatusMessageProps {
  status: Status | null;
  className?: string;
}

/** An error is an alert; otherwise the status region is always there, so news put in it is announced. */
export function StatusMessage({ status, className }: StatusMessageProps) {
  const classes = (kind: Status['kind']) => [className, `${kind}-text`].filter(Boolean).join(' ');
  return status?.kind === 'error' ? (
    <p className={classes('error')} role="alert">
      {status.text}
    </p>
  ) : (
    <p className={classes('success')} role="status">
      {status?.text}
    </p>
  );
}
