import { useEffect } from 'react';

const shopName = 'Ottoman Mittens';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${shopName}` : `${shopName} · Silk exfoliating bath mittens`;
  }, [title]);
}
