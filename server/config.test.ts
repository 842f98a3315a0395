import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PGlite on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: 'data/pglite',
      env: 'development',
    });
  });

  it('reads the database URL and port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.port).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://root@localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
  ])('stops on a malformed %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});
