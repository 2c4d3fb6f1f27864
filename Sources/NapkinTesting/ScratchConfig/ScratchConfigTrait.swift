import Airframe
import Testing

/// A Swift Testing trait that runs each test with a scratch value in place of an Airframe
/// configured global, visible to that test's task tree only.
///
/// ```swift
/// @Test(.scratchConfig(SyncConfig.global, SyncConfig(localDirectory: "/tmp/notes")))
/// func notesLandInTheScratchDirectory() async throws {
///   #expect(SyncConfig.shared.localDirectory == "/tmp/notes")
/// }
///
/// // A fresh value for every test case, e.g. a new temporary directory:
/// @Suite(.scratchConfig(SyncConfig.global) { SyncConfig(localDirectory: try makeTemporaryDirectory()) })
/// struct NotebookTests {
///   @Test func eachTestHasItsOwnDirectory() {
///     #expect(SyncConfig.shared.localDirectory.contains("notebook-"))
///   }
/// }
/// ```
///
/// On a suite the trait is recursive: every test and test case in it gets its own scope, and with
/// a closure its own value. Tests running in parallel never see each other's values, and the
/// global itself needs no `configure(_:)`.
///
/// Threading: the value travels as a task-local of the test's task; work the test starts with
/// `Task.detached` or on threads of its own does not see it.
public struct ScratchConfigTrait<Value: Sendable>: TestTrait, SuiteTrait, TestScoping {
  private let global: Configured<Value>
  // Main actor: the helpers a test target writes to make a value (a temporary directory, a
  // fixture) are main-actor functions in a target with Xcode 26's default isolation, and
  // nonisolated ones, which the main actor may call too, in SwiftPM's default mode.
  private let makeValue: @Sendable @MainActor () throws -> Value

  fileprivate init(
    global: Configured<Value>, makeValue: @escaping @Sendable @MainActor () throws -> Value
  ) {
    self.global = global
    self.makeValue = makeValue
  }

  /// Applies to every test of a suite, each in its own scope.
  ///
  /// ```swift
  /// @Suite(.scratchConfig(SyncConfig.global, .testing))  // every test, each in its own scope
  /// struct SyncTests {
  ///   @Test func readsTheScratchConfig() { #expect(!SyncConfig.shared.localDirectory.isEmpty) }
  /// }
  /// ```
  ///
  /// Threading: constant.
  public var isRecursive: Bool { true }

  /// Runs `function` inside the global's `withScratchValue(_:operation:)`. Swift Testing calls
  /// it for each test the trait applies to; tests do not call it.
  ///
  /// Threading: called on the test's task.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope has no test case; its tests get theirs, so scope only test cases and
    // plain tests.
    guard testCase != nil || !test.isSuite else {
      try await function()
      return
    }
    let value = try await makeValue()
    try await global.withScratchValue(value) {
      try await function()
    }
  }
}

extension Trait {
  /// Runs each test with `value` in place of `global`'s configured value.
  ///
  /// ```swift
  /// @Test(.scratchConfig(SyncConfig.global, .testing)) func readsTheScratchConfig() {
  ///   #expect(SyncConfig.shared.localDirectory == SyncConfig.testing.localDirectory)
  /// }
  /// ```
  ///
  /// Threading: see ``ScratchConfigTrait``.
  public static func scratchConfig<Value: Sendable>(
    _ global: Configured<Value>, _ value: Value
  ) -> Self where Self == ScratchConfigTrait<Value> {
    ScratchConfigTrait(global: global, makeValue: { value })
  }

  /// Runs each test with a value that `makeValue` builds for that test.
  ///
  /// ```swift
  /// @Suite(.scratchConfig(SyncConfig.global) { try SyncConfig.temporary() })
  /// struct SyncTests {
  ///   @Test func startsEmpty() throws {
  ///     let files = try FileManager.default.contentsOfDirectory(atPath: SyncConfig.shared.localDirectory)
  ///     #expect(files.isEmpty)
  ///   }
  /// }
  /// ```
  ///
  /// An error thrown by `makeValue` fails the test before its body runs.
  ///
  /// Threading: `makeValue` runs on the main actor, once per test case, before the test's body,
  /// so it may call the test target's own helpers in either isolation mode.
  public static func scratchConfig<Value: Sendable>(
    _ global: Configured<Value>, _ makeValue: @escaping @Sendable @MainActor () throws -> Value
  ) -> Self where Self == ScratchConfigTrait<Value> {
    ScratchConfigTrait(global: global, makeValue: makeValue)
  }
}
