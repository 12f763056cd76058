// An edge leaving a branch port (true, false, a switch case, default, error). Its word sits just after
// the port it leaves rather than at the edge's middle: the edges of an if often cross on their way to
// their targets, and a word in the middle can then look as if it belonged to the other port.
import { memo, type JSX } from 'react';
import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react';

/** How far right of its port the label's centre sits (canvas units): clear of the handle. */
const LABEL_OFFSET = 32;

export const BranchEdge = memo(function BranchEdge(props: EdgeProps): JSX.Element {
  const [path] = getBezierPath(props);
  return (
    <BaseEdge
      id={props.id}
      path={path}
      {...(props.markerEnd ? { markerEnd: props.markerEnd } : {})}
      {...(props.style ? { style: props.style } : {})}
      {...(props.interactionWidth !== undefined ? { interactionWidth: props.interactionWidth } : {})}
      label={props.label}
      labelX={props.sourceX + LABEL_OFFSET}
      labelY={props.sourceY}
      labelBgPadding={[4, 1]}
      labelBgBorderRadius={3}
    />
  );
});

export const edgeTypes = { branch: BranchEdge };
