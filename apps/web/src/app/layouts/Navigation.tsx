import { type Abilities, canAccess } from '@lisbon/domain';
import { Box, NavLink, Stack } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_NAVIGATION, currentLink, HELP_LINK, type NavItem, PUBLIC_NAVIGATION } from './navigation';

type Props = { onNavigate?: () => void };

/** What a link shows beside its label (the request counts), by the link's path. */
export type NavBadges = Partial<Record<string, ReactNode>>;

/**
 * A link's label with the words heard after it (a count its badge only shows), by the link's path:
 * given the label as seen, it renders the label and the name heard (`SpokenName`).
 */
export type NavNames = Partial<Record<string, (label: string) => ReactNode>>;

type LinksProps = {
  items: readonly NavItem[];
  current?: string;
  badges?: NavBadges;
  /** The label with words hidden from sight after it, by its path: a count its badge only shows. */
  spoken?: NavNames;
  /** Each link in a list item, for a group's list. */
  isListed?: boolean;
} & Props;

function Links({ items, current, onNavigate, badges = {}, spoken = {}, isListed = false }: LinksProps) {
  const { t } = useTranslation();
  const links = items.map((item) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={spoken[item.to]?.(t(`nav.${item.label}`)) ?? t(`nav.${item.label}`)}
      active={item.to === current}
      variant="filled"
      aria-current={item.to === current ? 'page' : undefined}
      rightSection={badges[item.to]}
      onClick={onNavigate}
    />
  ));
  return isListed ? links.map((link) => <li key={link.key}>{link}</li>) : links;
}

/**
 * A group of the logged-in area's links (Requests, Account): a list named by the group's title, which
 * is a button that folds the list away and says whether it is open. A screen reader heard the title
 * as plain text, then an image with no name (the arrow), then the links one after the other, in no
 * list; and the title folded the group on a click only, with no way to it from the keyboard.
 */
function LinkGroup({ label, children }: { label: string; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(true);
  const titleId = useId();
  return (
    <NavLink
      component="button"
      type="button"
      id={titleId}
      label={label}
      opened={isOpen}
      onChange={setIsOpen}
      aria-expanded={isOpen}
      childrenOffset="md"
    >
      <Box component="ul" aria-labelledby={titleId} m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Box>
    </NavLink>
  );
}

type AppNavigationProps = Props & {
  abilities: Partial<Abilities>;
  onLogout: () => void;
  badges?: NavBadges;
  spoken?: NavNames;
};

/** The logged-in area: the groups of links this user may open, help, then logout. */
export function AppNavigation({ abilities, onNavigate, onLogout, badges, spoken }: AppNavigationProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const groups = APP_NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => canAccess(abilities, item.ability)),
  })).filter((group) => group.items.length > 0);
  const current = currentLink(
    location,
    [...groups.flatMap((group) => group.items), HELP_LINK].map((item) => item.to),
  );
  return (
    <Stack gap={4}>
      {groups.map((group) => (
        <LinkGroup key={group.label} label={t(`nav.${group.label}`)}>
          <Links
            isListed
            items={group.items}
            current={current}
            onNavigate={onNavigate}
            badges={badges}
            spoken={spoken}
          />
        </LinkGroup>
      ))}
      <Links items={[HELP_LINK]} current={current} onNavigate={onNavigate} />
      <NavLink component="button" type="button" label={t('nav.logout')} onClick={onLogout} />
    </Stack>
  );
}

/** Home, FAQ, log in and register, for a visitor who is not logged in (the mobile drawer). */
export function PublicNavigation({ onNavigate }: Props) {
  const location = useLocation();
  const current = currentLink(
    location,
    PUBLIC_NAVIGATION.map((item) => item.to),
  );
  return (
    <Stack gap={4}>
      <Links items={PUBLIC_NAVIGATION} current={current} onNavigate={onNavigate} />
    </Stack>
  );
}
