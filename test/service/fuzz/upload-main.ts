/** Prints the largest upload's figures as JSON, measured in a process of its own (run.ts starts it). */
import { largestUpload } from './upload';

console.log(JSON.stringify(await largestUpload()));
