/// The error a throwing `unimplemented` closure throws after failing the test.
///
/// ```swift
/// let orders: @Sendable () async throws -> [Int] = unimplemented("OrderService.orders")
/// let failures = await collectFailures {
///   await #expect(throws: UnimplementedError(name: "OrderService.orders")) { try await orders() }
/// }
/// #expect(failures.map(\.message) == ["Unimplemented: OrderService.orders was called."])
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
