import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '@/lib/cn';

type MenuProps = {
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  triggerClassName?: string;
  align?: 'start' | 'end';
};

/** A menu that opens from a labelled menu button (e.g. "Project actions", "User menu"). */
export function Menu({ label, trigger, children, triggerClassName, align = 'end' }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className={cn('rounded-md', triggerClassName)}
        onClick={(event) => event.stopPropagation()}
      >
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onClick={(event) => event.stopPropagation()}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  onSelect,
  children,
  destructive,
}: {
  onSelect: () => void;
  children: ReactNode;
  destructive?: boolean;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none select-none',
        'data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800',
        destructive && 'text-red-700 dark:text-red-400',
      )}
    >
      {children}
    </DropdownMenu.Item>
  );
}

export const MenuSeparator = () => <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
export const MenuLabel = ({ children }: { children: ReactNode }) => (
  <DropdownMenu.Label className="px-3 py-2 text-sm">{children}</DropdownMenu.Label>
);
