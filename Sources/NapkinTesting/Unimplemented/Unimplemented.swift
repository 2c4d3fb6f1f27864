// A fake built from `unimplemented` fails the test that calls what it did not expect, by name,
// instead of returning a silent default that lets a wrong code path pass. Each helper fails the
// running test, Swift Testing or XCTest, at the line that created the fake (or made the call, for
// the value forms). The location comes in as `#fileID`/`#filePath`/`#line`/`#column` rather than
// Testing's `#_sourceLocation`, so that a fake's file needs to import only NapkinTesting.

/// Fails the running test naming `name`, then returns `placeholder`: the body of a fake's method that a
/// test must not call.
///
/// ```swift
/// struct StrictOrderService: OrderService {
///   func orders() async throws -> [Order] { unimplemented("OrderService.orders", placeholder: []) }
///   func cancel(orderID: Int) async throws { try unimplemented("OrderService.cancel", throwing: ServerError()) }
/// }
/// ```
///
/// Threading: call from any thread; the failure goes to the test running the calling
/// task, under Swift Testing or XCTest.
public func unimplemented<Value>(
  _ name: String,
  placeholder: @autoclosure () -> Value,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Value {
  recordUnexpectedCall(
    to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return placeholder()
}

/// Fails the running test naming `name`, then throws `error`: the body of a fake's throwing method that a
/// test must not call.
///
/// ```swift
/// func orders() async throws -> [Order] {
///   try unimplemented("OrderService.orders", throwing: ServerError())
/// }
/// ```
///
/// Threading: call from any thread; the failure goes to the test running the calling
/// task, under Swift Testing or XCTest.
public func unimplemented<Value>(
  _ name: String,
  throwing error: any Error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws -> Value {
  recordUnexpectedCall(
    to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  throw error
}

/// Fails the running test naming `name`, then throws `error`: the body of a fake's throwing method
/// that returns nothing.
///
/// ```swift
/// func cancel(orderID: Int) async throws {
///   try unimplemented("OrderService.cancel", throwing: ServerError())
/// }
/// ```
///
/// Threading: call from any thread; the failure goes to the test running the calling
/// task, under Swift Testing or XCTest.
public func unimplemented(
  _ name: String,
  throwing error: any Error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws {
  recordUnexpectedCall(
    to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  throw error
}

/// Fails the running test naming `name`: the body of a fake's method that returns nothing and that a
/// test must not call.
///
/// ```swift
/// struct StrictAnalytics {
///   func track(_ event: String) { unimplemented("Analytics.track") }
/// }
/// ```
///
/// Threading: call from any thread; the failure goes to the test running the calling
/// task, under Swift Testing or XCTest.
public func unimplemented(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  recordUnexpectedCall(
    to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A closure that fails the running test naming `name` each time it is called and returns
/// `placeholder`: the default for a closure-backed fake's endpoint.
///
/// ```swift
/// struct FakeAnalytics {
///   var pendingEvents: @Sendable () -> Int = unimplemented("Analytics.pendingEvents", placeholder: 0)
/// }
/// ```
///
/// The closure converts to an `async` or `throws` closure type as well.
///
/// Threading: the closure is `@Sendable`; call it from any task.
public func unimplemented<each Argument, Output: Sendable>(
  _ name: String,
  placeholder: Output,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(
      to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return placeholder
  }
}

/// A throwing closure that fails the running test naming `name` each time it is called and throws
/// ``UnimplementedError``: the default for a closure-backed fake's throwing endpoint.
///
/// ```swift
/// struct ScriptedOrderService: OrderService {
///   var onOrders: @Sendable () async throws -> [Order] = unimplemented("OrderService.orders")
///   var onCancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")
///   func orders() async throws -> [Order] { try await onOrders() }
///   func cancel(orderID: Int) async throws { try await onCancel(orderID) }
/// }
/// ```
///
/// Threading: the closure is `@Sendable`; call it from any task.
public func unimplemented<each Argument, Output>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(
      to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    throw UnimplementedError(name: name)
  }
}

/// The synchronous form of the throwing `unimplemented(_:fileID:filePath:line:column:)` closure above, for
/// endpoints typed `(…) throws -> Output`.
///
/// ```swift
/// let decode: @Sendable (Data) throws -> Order = unimplemented("OrderDecoder.decode")
/// ```
///
/// Threading: the closure is `@Sendable`; call it from any task.
public func unimplemented<each Argument, Output>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(
      to: name, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    throw UnimplementedError(name: name)
  }
}

private func recordUnexpectedCall(to name: String, _ site: CallSite) {
  reportFailure(UnimplementedError(name: name).description, at: site)
}
