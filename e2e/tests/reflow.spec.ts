import { expect, expectNoSideScroll, test } from '../support';

/**
 * Text at 200 % (WCAG 1.4.4, 1.4.10): the browser's font size doubled, as a person who reads large
 * sets it, doubles every rem; the page still fits its width and no text is cut at a box's edge.
 */
test('with the text at 200 %, the home page’s cards take fewer to a row and cut no title', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Three services' })).toBeVisible();
  await page.addStyleTag({ content: 'html { font-size: 200%; }' });
  await expectNoSideScroll(page);
  const services = page.getByRole('region', { name: 'Three services' }).getByRole('listitem');
  await expect(services).toHaveCount(3);
  // A card clips what overflows it (Mantine's Card): its content must fit inside.
  const overflowing = await services.evaluateAll((cards) =>
    cards
      .filter((card) => card.scrollWidth > card.clientWidth)
      .map((card) => `${card.querySelector('h3')?.textContent}: ${card.scrollWidth} > ${card.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
  // Not three to a row any more.
  const tops = await services.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
  expect(new Set(tops).size).toBeGreaterThan(1);
});

test('at the usual text size the cards stand side by side, three services and two by two before applying', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const rowsOf = async (name: string) => {
    const cards = page.getByRole('region', { name }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    return new Set(await cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().top)))
      .size;
  };
  expect(await rowsOf('Three services')).toBe(1);
  expect(await rowsOf('Good to know before you apply')).toBe(2);
});
