/** The settings screens' breadcrumb header: the table's list, then the resource (the shared trail). */
import { Breadcrumb, type BreadcrumbItem } from '../../../ui/breadcrumb';

export function SettingsBreadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  return <Breadcrumb items={items} className="text-base" />;
}
