import Napkin

nonisolated protocol BadgeDependency: Dependency {}

// A badge shows a count; where the count comes from is the parent's business.
final class BadgeComponent: Component<any BadgeDependency>, @unchecked Sendable {}
