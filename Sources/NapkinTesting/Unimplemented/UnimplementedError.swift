/// The error a throwing `unimplemented` closure throws after recording its issue.
///
/// ```swift
/// let orders: @Sendable () async throws -> [Order] = unimplemented("OrderService.orders")
/// await #expect(throws: UnimplementedError(name: "OrderService.orders")) {
///   try await withKnownIssue { try await orders() }
/// }
/// ```
///
/// Threading: a value type; `Sendable`.
public struct UnimplementedError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name given to `unimplemented`, such as `"OrderService.cancel"`.
  ///
  /// ```swift
  /// #expect(error.name == "OrderService.cancel")
  /// ```
  ///
  /// Threading: immutable.
  public let name: String

  /// Creates the error for the unexpected call to `name`.
  ///
  /// ```swift
  /// let error = UnimplementedError(name: "OrderService.cancel")
  /// ```
  ///
  /// Threading: a value type; call it anywhere.
  public init(name: String) {
    self.name = name
  }

  /// `Unimplemented: OrderService.cancel was called.`
  ///
  /// ```swift
  /// print(UnimplementedError(name: "OrderService.cancel"))
  /// ```
  ///
  /// Threading: a value type; call it anywhere.
  public var description: String {
    "Unimplemented: \(name) was called."
  }
}
