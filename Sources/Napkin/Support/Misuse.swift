import NapkinOnce

/// Stops the program because a napkin unit was used against its contract, attributing the stop to
/// `fileID` and `line`.
///
/// `fatalError` rather than `precondition`: the message must survive optimised builds, where a
/// failed `precondition` prints nothing, and misuse of the tree is never recoverable. A public
/// entry point that can be misused takes `fileID: StaticString = #fileID, line: UInt = #line` and
/// passes them here, so that the stop names the caller's line, as `#expect` does, instead of a
/// line inside Napkin.
func napkinMisuse(
  _ message: String, fileID: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("Napkin: \(message)", file: fileID, line: line)
}

/// The name a message uses for `object`'s dynamic type: NapkinOnce's naming, for an instance.
func typeName(of object: AnyObject) -> String {
  typeName(of: type(of: object))
}
