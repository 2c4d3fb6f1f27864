#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Heap bytes of an empty component, next to a hand-written class with the same parent field,
/// as the allocator reports them for each object.
enum Footprint {
  static func run(scale _: Scale) -> Report {
    let parent = HandLinkRoot()
    let root = LinkRootComponent()
    let hand = HandEmpty(parent: parent)
    let empty = LinkComponent(dependency: root)
    let handBytes = Double(allocatedBytes(of: hand))
    let emptyBytes = Double(allocatedBytes(of: empty))
    return Report(
      scenario: "Heap bytes per object (the allocator's size of each block)",
      unit: "bytes",
      baseline: .init(subject: "hand-written class with a parent", value: handBytes),
      others: [.init(subject: "Napkin empty component", value: emptyBytes)])
  }

  /// The size of the heap block holding `object`, from `malloc_usable_size` (looked up at run
  /// time: the C library has it but the Swift module map does not export it).
  static func allocatedBytes(of object: AnyObject) -> Int {
    // SAFETY: the pointer `UsableSize` takes is only the address of a live block (see the call
    // below), never dereferenced here.
    typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
    #if canImport(Glibc)
      // SAFETY: address 0 is glibc's `RTLD_DEFAULT`, a handle value `dlsym` takes, never memory.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size") else {
        return 0
      }
    #else
      // SAFETY: address -2 is Darwin's `RTLD_DEFAULT`, a handle value `dlsym` takes, never memory.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "malloc_size") else {
        return 0
      }
    #endif
    // SAFETY: both symbols are the C library's `size_t f(void *)`, which `UsableSize` spells;
    // `object` stays alive across the call, which only reads its block's size.
    let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
    return usableSize(Unmanaged.passUnretained(object).toOpaque())
  }
}
