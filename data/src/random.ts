/** The seeded generator lives in @easel/shared; search-service/bench still reads it here. */
export * from '@easel/shared/random';
