// One fold for the whole portal: the browser, the server and the index must compare names alike.
export { foldAscii } from '@jobbportalen/contracts';
