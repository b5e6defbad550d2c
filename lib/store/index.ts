export * from './items';
export * from './revision';
