import { AppShell, Avatar, Burger, Group, NavLink, Text, UnstyledButton, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { parentRoutes, shellSettings, useSession, useSiteConfig } from '../../engine';
import { displayName, logout } from './UserMenu';

/**
 * The staff shell (app.yaml `layouts.<name>`, e.g. the teacher console `staff`, or any layout with `frame: staff` such
 * as the administration consoles): a header with the school and the signed-in account, and a side navigation from
 * YAML. Built from Mantine's AppShell, so it collapses to a burger menu on narrow screens.
 */
export function StaffShell({ children, name }: { children: ReactNode; name: string }) {
  const config = useSiteConfig()!;
  const settings = shellSettings(config).layouts?.[name];
  const user = useSession()?.user;
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const nav = settings?.nav ?? [];
  const above = parentRoutes(config, location.pathname);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 208, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg" data-testid="staff-shell">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="导航菜单" />
            {settings?.school === false ? (
              <Text fw={700} size="lg">{settings.title}</Text>
            ) : (
              <>
                {config.branding.logo && <img src={config.branding.logo} alt="" height={28} />}
                <Text fw={700} size="lg">{config.branding.name}</Text>
                <Text c="dimmed" visibleFrom="sm">{settings?.title}</Text>
              </>
            )}
          </Group>
          <Menu position="bottom-end" width={160} shadow="md">
            <Menu.Target>
              <UnstyledButton data-testid="user-menu">
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={user?.head_img ? String(user.head_img) : null} size={30} radius="xl" alt="" />
                  <Text size="sm" data-testid="user-name">{user ? displayName(user) : '…'}</Text>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {settings?.changePasswordPath && <Menu.Item component={Link} to={settings.changePasswordPath}>修改密码</Menu.Item>}
              <Menu.Item onClick={() => void logout(settings?.loginPath ?? '/')}>退出登录</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={`${settings?.title ?? ''}导航`}>
        {nav.map((item) => {
          const missing = item.screen !== undefined && !config.screens[item.screen];
          return (
            <NavLink key={item.path} component={Link} to={item.path} label={item.label} disabled={missing} onClick={close}
              active={location.pathname === item.path || above.includes(item.path)} />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">{children}</AppShell.Main>
    </AppShell>
  );
}
