// Finding repeats and members among a few names. Nearly every object, operation and path has a handful of them:
// comparing those pairwise costs less than a table made for each (tens of thousands in a large file, each soon
// garbage). Past a few, a table keeps a hostile file's check in proportion to its size.

/** Up to how many names are compared pairwise; past it, callers look them up in a table. */
export const PAIRWISE_MAX = 16;
