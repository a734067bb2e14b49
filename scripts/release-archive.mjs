// The release's tarball, as root unpacks it on the hosts (docs/deploy.md, "Install the release").
import { execFileSync } from 'node:child_process';

/**
 * Packs `parent/name` into `tarball` with every entry owned by root (uid and gid 0, no names) and
 * writable by its owner alone. tar otherwise records the builder's uid, which root's `tar -xzf`
 * restores: on a host where that uid is a login account, it could change the code the service runs.
 * Every entry is readable by all, and every folder and program may be entered or run by all
 * (`a+rX`): the service's user (`lisbon`) is neither the owner nor in the group of a root:root
 * entry, and a builder's umask of 027 or 077 (a hardened host's) would otherwise leave the code
 * unreadable to it, so that no instance, migration or command could start.
 */
export function packRelease({ tarball, parent, name }) {
  execFileSync(
    'tar',
    ['--owner=0', '--group=0', '--numeric-owner', '--mode=go-w,a+rX', '-czf', tarball, '-C', parent, name],
    { stdio: 'inherit' },
  );
}
