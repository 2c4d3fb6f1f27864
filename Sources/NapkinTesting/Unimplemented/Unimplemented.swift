import Testing

// A fake built from `unimplemented` fails the test that calls what it did not expect, by name,
// instead of returning a silent default that lets a wrong code path pass. Each helper records a
// Swift Testing issue at the line that created the fake (or made the call, for the value forms).
// The location comes in as `#fileID`/`#filePath`/`#line`/`#column` rather than Testing's
// `#_sourceLocation`, so that a fake's file needs to import only NapkinTesting.

/// Records an issue naming `name`, then returns `placeholder`: the body of a fake's method that a
/// test must not call.
///
/// ```swift
/// struct StrictOrderService: OrderService {
///   func orders() async throws -> [Order] { unimplemented("OrderService.orders", placeholder: []) }
///   func cancel(orderID: Int) async throws { try unimplemented("OrderService.cancel", throwing: ServerError()) }
/// }
/// ```
///
/// Threading: call from any thread; the issue goes to the test running on the calling task.
public func unimplemented<Value>(
  _ name: String,
  placeholder: @autoclosure () -> Value,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) -> Value {
  recordUnexpectedCall(to: name, fileID, filePath, line, column)
  return placeholder()
}

/// Records an issue naming `name`, then throws `error`: the body of a fake's throwing method that a
/// test must not call.
///
/// ```swift
/// func orders() async throws -> [Order] {
///   try unimplemented("OrderService.orders", throwing: ServerError())
/// }
/// ```
///
/// Threading: call from any thread; the issue goes to the test running on the calling task.
public func unimplemented<Value>(
  _ name: String,
  throwing error: any Error,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) throws -> Value {
  recordUnexpectedCall(to: name, fileID, filePath, line, column)
  throw error
}

/// Records an issue naming `name`, then throws `error`: the body of a fake's throwing method
/// that returns nothing.
///
/// ```swift
/// func cancel(orderID: Int) async throws {
///   try unimplemented("OrderService.cancel", throwing: ServerError())
/// }
/// ```
///
/// Threading: call from any thread; the issue goes to the test running on the calling task.
public func unimplemented(
  _ name: String,
  throwing error: any Error,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) throws {
  recordUnexpectedCall(to: name, fileID, filePath, line, column)
  throw error
}

/// Records an issue naming `name`: the body of a fake's method that returns nothing and that a
/// test must not call.
///
/// ```swift
/// func track(_ event: String) { unimplemented("Analytics.track") }
/// ```
///
/// Threading: call from any thread; the issue goes to the test running on the calling task.
public func unimplemented(
  _ name: String,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) {
  recordUnexpectedCall(to: name, fileID, filePath, line, column)
}

/// A closure that records an issue naming `name` each time it is called and returns
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
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) -> @Sendable (repeat each Argument) -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(to: name, fileID, filePath, line, column)
    return placeholder
  }
}

/// A throwing closure that records an issue naming `name` each time it is called and throws
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
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) -> @Sendable (repeat each Argument) async throws -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(to: name, fileID, filePath, line, column)
    throw UnimplementedError(name: name)
  }
}

/// The synchronous form of the throwing `unimplemented(_:fileID:filePath:line:column:)` closure above, for
/// endpoints typed `(…) throws -> Output`.
///
/// ```swift
/// var decode: @Sendable (Data) throws -> Order = unimplemented("OrderDecoder.decode")
/// ```
///
/// Threading: the closure is `@Sendable`; call it from any task.
public func unimplemented<each Argument, Output>(
  _ name: String,
  fileID: String = #fileID,
  filePath: String = #filePath,
  line: Int = #line,
  column: Int = #column
) -> @Sendable (repeat each Argument) throws -> Output {
  return { (_: repeat each Argument) in
    recordUnexpectedCall(to: name, fileID, filePath, line, column)
    throw UnimplementedError(name: name)
  }
}

private func recordUnexpectedCall(
  to name: String, _ fileID: String, _ filePath: String, _ line: Int, _ column: Int
) {
  Issue.record(
    Comment(rawValue: UnimplementedError(name: name).description),
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}
