// The offscreen document hosts the built-in demo service and clipboard writes (filled by later issues).
export {};
