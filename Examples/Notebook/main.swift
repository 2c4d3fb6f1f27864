#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The arguments as the kernel passed them: `CommandLine.arguments` would replace bytes that are not
// UTF-8 with U+FFFD, and a note must never change silently.
// SAFETY: `unsafeArgv` holds `argc` valid NUL-terminated C strings for the life of the process,
// and each is copied out before the next is read. The program's own name is dropped without a
// range: a system may start a program with an empty `argv` (`argc` 0), where `1..<argc` traps.
let rawArguments = (0..<Int(CommandLine.argc)).dropFirst().map { index in
  let argument = CommandLine.unsafeArgv[index]!
  return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map(UInt8.init)
}
exit(await NotebookCommand.main(rawArguments: rawArguments))
