#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program's arguments as the kernel passed them, for a program that must refuse an argument
/// that is not UTF-8 rather than change it: `CommandLine.arguments` replaces such bytes with
/// U+FFFD, and a note's text must never change silently.
///
/// ```swift
/// let arguments = try RawArguments.decoded(RawArguments.current(), program: "Notebook")
/// ```
///
/// Threading: stateless.
public nonisolated enum RawArguments {
  /// The bytes of each argument after the program's name.
  public static func current() -> [[UInt8]] {
    // SAFETY: `unsafeArgv` holds `argc` valid NUL-terminated C strings for the life of the
    // process, and each is copied out before the next is read. The program's own name is dropped
    // without a range: a system may start a program with an empty `argv` (`argc` 0), where
    // `1..<argc` traps.
    (0..<Int(CommandLine.argc)).dropFirst().map { index in
      let argument = CommandLine.unsafeArgv[index]!
      return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map(UInt8.init)
    }
  }

  /// `raw` as text, or a refusal naming the first argument that is not UTF-8 (counting from 1).
  public static func decoded(_ raw: [[UInt8]], program: String) throws(UsageError) -> [String] {
    var arguments: [String] = []
    for (position, bytes) in raw.enumerated() {
      guard let argument = String(validating: bytes, as: UTF8.self) else {
        throw UsageError(
          "argument \(position + 1) is not valid UTF-8, and \(program) refuses it rather than "
            + "change it. Convert the text to UTF-8 first (for example with iconv).")
      }
      arguments.append(argument)
    }
    return arguments
  }
}
