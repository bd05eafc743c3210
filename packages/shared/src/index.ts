export * from './auth';
export * from './common-passwords';
export * from './error-body';
export * from './errors';
export * from './health';
export * from './locale';
export * from './packs';
