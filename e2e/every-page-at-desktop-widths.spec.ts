import { describeEveryPage } from './every-page-checks';

/*
 * Every citizen page of the route table at the desktop width, one visit each at 1440 px: the
 * document never scrolls sideways and no control is cut off at the window's edge, axe-core finds
 * nothing serious or critical against WCAG 2.1 AA and the page has exactly one `h1`. The same
 * page is then resized to 1024 px (small laptop) and 768 px (tablet) and must still fit. The
 * checks are in `every-page-checks.ts`; docs/decisions/0027-responsive-shell.md gives the rules.
 */
describeEveryPage({ width: 1440, height: 900, isPhone: false, alsoAt: [1024, 768] });
