import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { adminPaths } from '../../../lib/admin-paths';
import { Link } from '../../../lib/router';

/** The recovery codes, shown once: copy or download them before leaving. */
export function RecoveryCodes({ message, codes }: { message: string; codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    setDownloadUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [codes]);

  return (
    <section className="admin-form" aria-labelledby="recovery-codes-heading">
      <p role="status">{message}</p>
      <h2 id="recovery-codes-heading" className="admin-subheading">
        Your recovery codes
      </h2>
      <p>Each code works once, if you lose your phone. They are shown only now.</p>
      <ul className="admin-recovery-codes" aria-labelledby="recovery-codes-heading">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="admin-actions">
        <Button
          variant="secondary"
          onClick={() => navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy the codes'}
        </Button>
        {downloadUrl && (
          <a
            className="button button--secondary"
            href={downloadUrl}
            download="ottoman-mittens-recovery-codes.txt"
          >
            Download the codes
          </a>
        )}
        <Link className="button button--primary" to={adminPaths.login}>
          Go to sign-in
        </Link>
      </div>
    </section>
  );
}
