/** What other features use of marketing; everything else in the folder is its own. */
export { FaqSection } from './faq-section';
