import Napkin
import Testing

/// Keys that live on the heap (built at run time, of the same length, where the allocator reuses
/// freed blocks) must each find their own instance, never one published for a key whose string is
/// gone: the store compares a key it keeps, not the address of the caller's temporary.
@Suite struct HeapKeyTests {
  @Test func aLaterHeapKeyIsNeverTakenForTheFirstOneWhoseStringIsGone() {
    let component = ManyKeysComponent(
      dependency: RaceRoot(), keyPrefix: "a key long enough to live on the heap, number ",
      namePrefix: "heap")
    // The first instance's key string is a temporary of this call.
    #expect(component.token(number: 0).name == "heap 0")
    for key in 1..<200 {
      // Each key is a fresh string of the same length, where the allocator would reuse a freed
      // block of the same size.
      #expect(component.token(number: key).name == "heap \(key)")
    }
    #expect(component.counter.count == 200)
  }
}
