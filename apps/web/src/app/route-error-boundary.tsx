import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { ErrorScreen } from './error-screen';

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  location: Location;
}

/**
 * The generic error screen for anything a screen throws (or a screen's code that cannot be
 * loaded). Another address clears it, as the router's own boundary did.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure ? <ErrorScreen error={this.state.failure.error} /> : this.props.children;
  }
}
