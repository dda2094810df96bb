/// Sections no change touched are handed on as the very arrays built before; whoever kept the
/// old array can tell, without looking at a single element, that nothing in it changed.
extension Array {
    /// Whether this array and `other` are one array: the same storage, hence the same elements.
    /// Sound only while a kept copy holds that storage alive, so that no other array can have
    /// been given its address.
    package func hasSameStorage(as other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}
