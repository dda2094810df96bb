import Foundation

extension DataFileReader {
    /// What Foundation's decoder would get wrong about a binary property list, said for the
    /// import: one cut short or damaged (it would read it as an old-style text list and talk of
    /// missing '='s), or one nested too deep (see `binaryNestedTooDeep`). `nil` for a sound one,
    /// and for data that does not begin as one (the file is then read once, not copied).
    static func binaryProblem(_ data: Data) -> String? {
        guard data.starts(with: Array("bplist0".utf8)) else { return nil }
        let bytes = [UInt8](data)
        guard let trailer = binaryTrailer(bytes) else {
            return "the file begins as a binary property list but is not a whole one (\(bytes.count) bytes, its trailer cut short or damaged)"
        }
        return binaryNestedTooDeep(bytes, trailer) ? "arrays and dictionaries nest more than \(deepestNesting) deep, or hold themselves" : nil
    }

    /// Whether a binary property list's arrays, sets and dictionaries nest deeper than
    /// `deepestNesting`, or refer to themselves: Foundation's decoder recurses once per level and
    /// would run off its stack.
    ///
    /// The format: `bplist00`, the objects, a table of their offsets, and a 32-byte trailer giving
    /// the sizes of an offset and of an object reference, the number of objects, the top object
    /// and where the table starts. A container's marker byte is followed by its count and the
    /// references of its members (a dictionary's keys, then its values).
    private static func binaryNestedTooDeep(_ bytes: [UInt8],
                                            _ found: (offsetSize: Int, referenceSize: Int, count: Int, top: Int, table: Int)) -> Bool {
        let (offsetSize, referenceSize, count, top, table) = found
        let trailer = bytes.count - 32
        func integer(at start: Int, size: Int) -> Int? { bigEndian(bytes, at: start, size: size) }

        /// The members' references of the container object `index`; `nil` for any other object.
        func members(of index: Int) -> [Int]? {
            guard let start = integer(at: table + index * offsetSize, size: offsetSize), start < trailer else { return nil }
            let kind = bytes[start] >> 4
            let perMember: Int
            switch kind {
            case 0xA, 0xC: perMember = 1
            case 0xD: perMember = 2
            default: return nil
            }
            var length = Int(bytes[start] & 0xF)
            var first = start + 1
            if length == 0xF {
                // The count is an integer object of its own: 0x1n, then 2ⁿ bytes.
                guard first < trailer, bytes[first] >> 4 == 1 else { return nil }
                let size = 1 << Int(bytes[first] & 0xF)
                guard let value = integer(at: first + 1, size: size) else { return nil }
                length = value
                first += 1 + size
            }
            guard length <= trailer, first + length * perMember * referenceSize <= trailer else { return nil }
            return (0..<length * perMember).compactMap { integer(at: first + $0 * referenceSize, size: referenceSize) }
        }

        // Each container's height is found once (a list may share one object among many
        // places), depth first without recursion; meeting a container still open is a cycle.
        var height = [Int](repeating: -1, count: count)   // -1 unseen, -2 open
        var path: [(index: Int, members: [Int], next: Int)] = []
        func open(_ index: Int) -> Bool {
            guard let members = members(of: index) else {
                height[index] = 0
                return true
            }
            height[index] = -2
            path.append((index, members, 0))
            return path.count <= deepestNesting
        }
        guard open(top) else { return true }
        while let last = path.last {
            if last.next == last.members.count {
                path.removeLast()
                height[last.index] = 1 + last.members.reduce(0) { max($0, height[$1]) }
                continue
            }
            path[path.count - 1].next += 1
            let member = last.members[last.next]
            guard member < count else { return false }
            switch height[member] {
            case -2: return true
            case -1: guard open(member) else { return true }
            default: if path.count + height[member] > deepestNesting { return true }
            }
        }
        return false
    }

    /// A binary property list's trailer, when the data is one whose trailer is in order: the sizes
    /// of an offset and of a reference, the number of objects, the top one, and where the offset
    /// table starts. `nil` for anything else, a binary list cut short among them.
    private static func binaryTrailer(_ bytes: [UInt8]) -> (offsetSize: Int, referenceSize: Int, count: Int, top: Int, table: Int)? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        let trailer = bytes.count - 32
        guard let offsetSize = bigEndian(bytes, at: trailer + 6, size: 1), let referenceSize = bigEndian(bytes, at: trailer + 7, size: 1),
              let count = bigEndian(bytes, at: trailer + 8, size: 8), let top = bigEndian(bytes, at: trailer + 16, size: 8),
              let table = bigEndian(bytes, at: trailer + 24, size: 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              count > 0, top < count, count <= bytes.count, table >= 8, table < trailer,
              table + count * offsetSize <= trailer else { return nil }
        return (offsetSize, referenceSize, count, top, table)
    }

    /// The unsigned big-endian integer of `size` (1 to 8) bytes at `start`; `nil` outside the
    /// data or beyond `Int`.
    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard size >= 1, size <= 8, start >= 0, start + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
