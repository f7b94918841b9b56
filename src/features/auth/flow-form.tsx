/**
 * The generic Kratos flow renderer (docs/identity.md): one form per node group, each holding the
 * `default` nodes it needs, sending the group's JSON body (`{method, csrf_token, …}`, traits
 * nested). WebAuthn trigger buttons run the browser ceremony and submit its result in the hidden
 * `webauthn_register` / `webauthn_login` field. Every page (login, registration, recovery,
 * verification, profile settings) renders its flow through this.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { FlowBody, FlowKind } from '../../api/kratos-flows';
import type { KratosFlow, KratosUiNode } from '../../api/types';
import { cx } from '../../lib/class-names';
import { Button } from '../../ui/button';
import { flowGroups, groupBody, isButton, isHiddenInput, nodesForGroup } from './flow-logic';
import {
  buttonLabel,
  buttonVariant,
  NodeAnchor,
  NodeImage,
  NodeInput,
  NodeMessages,
  NodeText,
  SecurityKeyList,
} from './flow-nodes';
import { isWebAuthnTrigger, runWebAuthn, webAuthnErrorText, webAuthnResultField } from './webauthn';

export interface FlowGroupFormProps {
  flow: KratosFlow;
  kind: FlowKind;
  group: string;
  /** A submission is under way: the form is disabled, the pressed button spins. */
  busy: boolean;
  onSubmit: (body: FlowBody, group: string) => void;
  /** A WebAuthn ceremony failed or was cancelled in the browser. */
  onError?: (text: string) => void;
  /** The form's accessible name. */
  label?: string;
  /** 'card': the public pages' full-width buttons; 'section': a settings section. */
  layout?: 'card' | 'section';
  /** Show the identifier read-only (the 'Confirm Action' login). */
  readOnlyIdentifier?: boolean;
}

function readValues(form: HTMLFormElement, nodes: readonly KratosUiNode[]): Map<string, unknown> {
  const data = new FormData(form);
  const values = new Map<string, unknown>();
  for (const node of nodes) {
    const { name, type, node_type: nodeType } = node.attributes;
    if (nodeType !== 'input' || isButton(node) || !name) continue;
    if (type === 'checkbox') values.set(name, data.has(name));
    else if (data.has(name)) values.set(name, String(data.get(name)));
  }
  return values;
}

/** One group's form. */
export function FlowGroupForm({
  flow,
  kind,
  group,
  busy,
  onSubmit,
  onError,
  label,
  layout = 'card',
  readOnlyIdentifier = false,
}: FlowGroupFormProps) {
  const nodes = nodesForGroup(flow, group);
  const formRef = useRef<HTMLFormElement>(null);
  const pressed = useRef<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [ceremony, setCeremony] = useState(false);
  const isBusy = busy || ceremony;

  const trigger = async (index: number) => {
    const node = nodes[index];
    const form = formRef.current;
    if (!node || !form || !isWebAuthnTrigger(node.attributes.onclickTrigger)) return;
    const kindOfTrigger = node.attributes.onclickTrigger;
    // Read before the form is disabled for the ceremony (disabled fields are not in FormData).
    const values = readValues(form, nodes);
    setPending(index);
    setCeremony(true);
    let result: string;
    try {
      result = await runWebAuthn(kindOfTrigger, node.attributes.value);
    } catch (error: unknown) {
      onError?.(webAuthnErrorText(error));
      return;
    } finally {
      setCeremony(false);
    }
    values.set(webAuthnResultField(kindOfTrigger), result);
    onSubmit({ ...groupBody(group, nodes, values), method: 'webauthn' }, group);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const native = (event.nativeEvent as SubmitEvent).submitter;
    const fromEvent = native?.dataset.nodeIndex;
    const index = fromEvent !== undefined ? Number(fromEvent) : pressed.current;
    pressed.current = null;
    let submitter = index === null ? undefined : nodes[index];
    if (submitter === undefined) {
      // Enter in a field: the group's own submit, else its WebAuthn trigger.
      const methodIndex = nodes.findIndex(
        (node) => isButton(node) && node.attributes.name === 'method',
      );
      if (methodIndex === -1) {
        const triggerIndex = nodes.findIndex((node) =>
          isWebAuthnTrigger(node.attributes.onclickTrigger),
        );
        if (triggerIndex !== -1) void trigger(triggerIndex);
        return;
      }
      submitter = nodes[methodIndex];
      setPending(methodIndex);
    } else setPending(index);
    onSubmit(groupBody(group, nodes, readValues(form, nodes), submitter), group);
  };

  const renderButton = (node: KratosUiNode, index: number) => {
    const isTrigger = isWebAuthnTrigger(node.attributes.onclickTrigger);
    const isMethod = node.attributes.name === 'method';
    const messagesId = `${flow.id}-${group}-${index}-messages`;
    return (
      <div
        key={`${node.attributes.name}:${String(node.attributes.value)}:${index}`}
        className={cx('flex flex-col gap-1', layout === 'card' && 'w-full')}
      >
        <Button
          type={isTrigger ? 'button' : 'submit'}
          variant={buttonVariant(node)}
          size={layout === 'section' && !isMethod ? 'sm' : 'md'}
          name={isTrigger ? undefined : node.attributes.name}
          value={isTrigger ? undefined : String(node.attributes.value ?? '')}
          data-node-index={index}
          formNoValidate={!isMethod || undefined}
          className={cx(layout === 'card' && 'h-10 w-full')}
          isLoading={isBusy && pending === index}
          aria-describedby={node.messages.length > 0 ? messagesId : undefined}
          onClick={() => {
            if (isTrigger) void trigger(index);
            else pressed.current = index;
          }}
        >
          {buttonLabel(node, kind)}
        </Button>
        <NodeMessages id={messagesId} messages={node.messages} />
      </div>
    );
  };

  const keys = nodes.filter((node) => node.attributes.name === 'webauthn_remove');
  const items: ReactNode[] = [];
  const buttons: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const { attributes } = node;
    // By name, not position: a field that becomes another (email → code) must not keep its text.
    const key = `${node.group}:${attributes.node_type}:${attributes.name || attributes.id || ''}:${index}`;
    if (attributes.node_type === 'img') items.push(<NodeImage key={key} node={node} />);
    else if (attributes.node_type === 'text') items.push(<NodeText key={key} node={node} />);
    else if (attributes.node_type === 'a') items.push(<NodeAnchor key={key} node={node} />);
    else if (attributes.node_type !== 'input') return;
    else if (isHiddenInput(node)) {
      items.push(
        <input
          key={key}
          type="hidden"
          name={attributes.name}
          value={String(attributes.value ?? '')}
        />,
      );
    } else if (attributes.name === 'webauthn_remove') {
      if (node !== keys[0]) return;
      // The registered keys lead the section; adding one follows.
      items.unshift(
        <SecurityKeyList
          key={key}
          nodes={keys}
          renderRemove={(keyNode, name) => (
            <RemoveKeyButton
              node={keyNode}
              name={name}
              index={nodes.indexOf(keyNode)}
              busy={isBusy && pending === nodes.indexOf(keyNode)}
              onPress={(at) => {
                pressed.current = at;
              }}
            />
          )}
        />,
      );
    } else if (isButton(node)) buttons.push(renderButton(node, index));
    else {
      items.push(
        <NodeInput
          key={key}
          node={node}
          kind={kind}
          readOnly={readOnlyIdentifier && attributes.name === 'identifier'}
        />,
      );
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-label={label}
      aria-busy={isBusy || undefined}
      data-group={group}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={isBusy} className="flex min-w-0 flex-col gap-4">
        {items}
        {buttons.length > 0 ? (
          <div
            className={cx(
              'flex gap-2',
              layout === 'card' ? 'mt-1 flex-col' : 'flex-wrap items-center justify-end',
            )}
          >
            {buttons}
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

function RemoveKeyButton({
  node,
  name,
  index,
  busy,
  onPress,
}: {
  node: KratosUiNode;
  name: string;
  index: number;
  busy: boolean;
  onPress: (index: number) => void;
}) {
  return (
    <Button
      type="submit"
      size="sm"
      // A removal: the shared danger look (flow-nodes.tsx `buttonVariant`).
      variant={buttonVariant(node)}
      name={node.attributes.name}
      value={String(node.attributes.value ?? '')}
      data-node-index={index}
      formNoValidate
      isLoading={busy}
      aria-label={`Remove ${name}`}
      onClick={() => onPress(index)}
    >
      Remove
    </Button>
  );
}

export interface FlowFormsProps extends Omit<FlowGroupFormProps, 'group' | 'label'> {
  /** Only these groups (default: every group of the flow). */
  groups?: readonly string[];
  /** A heading (h2) over a group's form, when the page shows several. */
  headings?: Partial<Record<string, string>>;
  /** The forms' accessible names by group. */
  labels?: Partial<Record<string, string>>;
}

/** Every group's form, one after another, divided by "or". */
export function FlowForms({ flow, groups, headings, labels, ...rest }: FlowFormsProps) {
  const shown = flowGroups(flow).filter((group) => !groups || groups.includes(group));
  return (
    <div className="flex flex-col gap-6">
      {shown.map((group, index) => {
        const heading = headings?.[group];
        return (
          <div key={group} className="flex flex-col gap-4">
            {index > 0 ? (
              <div className="flex items-center gap-3 text-xs font-medium text-fg-muted uppercase">
                <span className="h-px flex-1 bg-border" />
                or
                <span className="h-px flex-1 bg-border" />
              </div>
            ) : null}
            {heading ? <h2 className="text-sm font-semibold text-fg">{heading}</h2> : null}
            <FlowGroupForm
              // A new flow (a restart) starts with empty fields; a 400 keeps what was typed.
              key={flow.id}
              flow={flow}
              group={group}
              label={labels?.[group] ?? heading}
              {...rest}
            />
          </div>
        );
      })}
    </div>
  );
}

/**
 * After a 400 (or a restart with a message), move focus to the first invalid field, else to the
 * first error message. `token` changes each time.
 */
export function useFocusFirstError(container: RefObject<HTMLElement | null>, token: number) {
  useEffect(() => {
    if (token === 0 || !container.current) return;
    const target =
      container.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      container.current.querySelector<HTMLElement>('[data-flow-message="error"]');
    target?.focus();
  }, [container, token]);
}
