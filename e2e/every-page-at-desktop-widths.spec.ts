import { describeEveryPage } from './every-page-checks';

/*
 * Every citizen page of the route table at the desktop width, one visit each at 1440 px: the
 * document never scrolls sideways and no control is cut off at the window's edge, axe-core finds
 * nothing serious or critical against WCAG 2.2 AA in the normal mode and in 长辈版 and the page has exactly one `h1`. The same
 * page is then resized to 1024 px (small laptop) and 768 px (tablet) and must still fit, and to
 * 720 px (the 1440 px window at 200 % text) in both modes. The
 * checks are in `every-page-checks.ts`; docs/decisions/0027-responsive-shell.md gives the rules.
 */
describeEveryPage({ width: 1440, height: 900, isPhone: false, alsoAt: [1024, 768] });
