/** What other modules may use of the activity figures: counting a visit once a day. */
export { countView } from './activity.service';
export { isCrawlerAgent, visitorOf, type Visitor } from './visitor';
