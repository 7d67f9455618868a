/**
 * Entry of the one client script (bundled by src/assets/build-client.ts into
 * a minified, content-hashed IIFE, loaded with `defer`). Each widget enhancer
 * runs on its own, so a failure in one leaves the others working and its own
 * static markup usable.
 */
import { enhance as enhanceAccordion } from './accordion.ts';
import { enhance as enhanceCarousel } from './carousel.ts';
import { enhance as enhanceDropdown } from './dropdown.ts';
import { enhance as enhanceMobileMenu } from './mobile-menu.ts';
import { enhance as enhanceTabs } from './tabs.ts';

const enhancers: Record<string, (root: ParentNode) => void> = {
  dropdown: enhanceDropdown,
  'mobile menu': enhanceMobileMenu,
  accordion: enhanceAccordion,
  carousel: enhanceCarousel,
  tabs: enhanceTabs,
};

document.documentElement.classList.add('js');
for (const [name, enhance] of Object.entries(enhancers)) {
  try {
    enhance(document);
  } catch (error) {
    // The browser console is the only place a visitor-side failure can be seen.
    console.error(`cleansite: the ${name} widget could not start`, error);
  }
}
