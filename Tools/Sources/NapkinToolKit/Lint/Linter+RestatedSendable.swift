/// The restated conformance every component class writes: `Component` is `@unchecked Sendable`,
/// and Swift asks each subclass to say so again, as the subclass's own promise.
extension Linter {
}
