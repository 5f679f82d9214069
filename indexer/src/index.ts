export * from './config';
export * from './documents';
export * from './index-settings';
export * from './index-status';
export * from './rebuild';
export * from './meili/connect';
export * from './local-process';
export * from './meili/server';
