/**
 * The API types the push form uses, taken from lib/api as types only, so the form's pure core and its
 * components pull no client code into a bundle.
 */
export type { CreatePushInput, Edition } from '@/lib/api';
