import { describeEveryPage } from './every-page-checks';

/*
 * Every citizen page of the route table on a phone (touch), one visit each at 375 px: the
 * document never scrolls sideways and no control is cut off at the window's edge, axe-core finds
 * nothing serious or critical against WCAG 2.2 AA, in the normal mode and in 长辈版, the page has exactly one `h1`, every control
 * a finger taps is at least 44 × 44 px (links inside running text excepted) and text is at least
 * 14 px (small print that is not body text excepted: `data-small-print`, tags and badge counts,
 * captions of the round floating buttons, chart labels). No visible link or form opens a new
 * window and the page calls no `window.open`. The same page is then resized to 320 (WCAG reflow), 360 and 414 px and
 * must still fit; at each of the three widths no button or tab label is cut and no floating
 * element lies over a control or text, at the top and at the end of the page (where the bottom
 * tab bar counts too). The checks are in
 * `every-page-checks.ts`; docs/decisions/0027-responsive-shell.md and
 * docs/decisions/0054-phone-navigation-and-floating-buttons.md give the rules.
 */
describeEveryPage({ width: 375, height: 812, isPhone: true, alsoAt: [320, 360, 414] });
