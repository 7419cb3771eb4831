/**
 * What other modules may use of the home-page content (docs/decisions/0046-module-boundaries.md):
 * the project card, its columns and its mapping.
 */
export { PROJECT_CARD_COLUMNS, type ProjectCardRow, toProjectCards } from './project-cards.queries';
