import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 'a-production-secret-of-at-least-32-chars';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('answers working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      appOrigin: 'http://localhost:3000',
      signupBonusCoins: 50,
      dailyDropCoins: 10,
      seedDemoUsers: true,
      seedDemoContent: true,
      trustProxy: false,
      signupLimitPerHour: 10,
      searchLimitPerMinute: 60,
      logLevel: 'info',
      keyPrefix: 'kettle',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('does not seed demo users on PostgreSQL or in production unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/kettle' }).seedDemoUsers).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: SECRET }).seedDemoUsers,
    ).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/kettle', SEED_DEMO_USERS: 'true' }).seedDemoUsers).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO_USERS: '0' }).seedDemoUsers).toBe(false);
  });

  it('seeds the demo community on the embedded default only, never in production', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: SECRET };
    expect(loadConfig({}).seedDemoContent).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/kettle' }).seedDemoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/kettle', SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(
      true,
    );
    expect(loadConfig(production).seedDemoContent).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_CONTENT: 'true', SEED_DEMO_USERS: 'true' }).seedDemoContent).toBe(
      false,
    );
    // No demo accounts, no demo community (tests and e2e turn both off), unless asked for by name.
    expect(loadConfig({ SEED_DEMO_USERS: 'false' }).seedDemoContent).toBe(false);
    expect(loadConfig({ SEED_DEMO_USERS: 'false', SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(true);
  });

  it('listens on all interfaces in production and on loopback elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: SECRET }).host).toBe(
      '0.0.0.0',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true', JWT_SECRET: SECRET, HOST: '10.1.2.3' }).host,
    ).toBe('10.1.2.3');
  });

  it('reads the numbers, the admin and the origin', () => {
    const config = loadConfig({
      PORT: '8080',
      SIGNUP_BONUS_COINS: '7',
      DAILY_DROP_COINS: '0',
      ADMIN_EMAIL: 'Boss@Example.Test',
      ADMIN_PASSWORD: 'Boss-Pass-123',
      APP_ORIGIN: 'https://kettle.example/',
      TRUST_PROXY: 'yes',
    });
    expect(config).toMatchObject({
      port: 8080,
      signupBonusCoins: 7,
      dailyDropCoins: 0,
      trustProxy: true,
      appOrigin: 'https://kettle.example',
    });
    expect(config.admin).toEqual({ email: 'boss@example.test', password: 'Boss-Pass-123' });
    expect(loadConfig({ PORT: '8080' }).appOrigin).toBe('http://localhost:8080');
  });
});

describe('loadConfig refuses bad values with a ConfigError naming the variable', () => {
  it.each([
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['PORT=70000', { PORT: '70000' }, 'PORT'],
    ['a short JWT_SECRET', { JWT_SECRET: 'short' }, 'JWT_SECRET'],
    ['production without JWT_SECRET', { NODE_ENV: 'production' }, 'JWT_SECRET'],
    ['ADMIN_EMAIL without ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.test' }, 'ADMIN_PASSWORD'],
    ['ADMIN_PASSWORD without ADMIN_EMAIL', { ADMIN_PASSWORD: 'Boss-Pass-123' }, 'ADMIN_EMAIL'],
    ['a bad ADMIN_EMAIL', { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'Boss-Pass-123' }, 'ADMIN_EMAIL'],
    ['a negative SIGNUP_BONUS_COINS', { SIGNUP_BONUS_COINS: '-1' }, 'SIGNUP_BONUS_COINS'],
    ['a zero SIGNUP_LIMIT_PER_HOUR', { SIGNUP_LIMIT_PER_HOUR: '0' }, 'SIGNUP_LIMIT_PER_HOUR'],
    ['a zero SEARCH_LIMIT_PER_MINUTE', { SEARCH_LIMIT_PER_MINUTE: '0' }, 'SEARCH_LIMIT_PER_MINUTE'],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, 'NODE_ENV'],
    ['a DATABASE_URL that is not a URL', { DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    ['SEED_DEMO_USERS=maybe', { SEED_DEMO_USERS: 'maybe' }, 'SEED_DEMO_USERS'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['production without card keys', { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'STRIPE_SECRET_KEY'],
  ])('%s', (_name, env, variable) => {
    const error = configError(env);
    expect(error.message).toContain('Invalid configuration');
    expect(error.message).toContain(variable);
  });

  it('states the JWT_SECRET rule in words', () => {
    expect(configError({ JWT_SECRET: 'short' }).message).toContain('JWT_SECRET must be at least 32 characters');
    expect(configError({ NODE_ENV: 'production' }).message).toContain(
      'JWT_SECRET is required when NODE_ENV=production',
    );
  });
});
