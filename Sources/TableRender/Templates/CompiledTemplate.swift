import Foundation
import Mustache

/// One template rendered for many contexts of the same type — the rows of a long list — without
/// walking the template for each. Contexts that differ only in the text of their strings have
/// the same *shape* (which fields are absent, empty or present, every flag and number, the shape
/// of every nested context), and Mustache can only print a string or test whether it is empty.
/// So the template is rendered once per shape with a marker in place of each non-empty string;
/// where the markers land, escaped or not, gives a plan of literal text and string slots. Each
/// context then costs reading its fields and joining the plan with its strings.
///
/// A shape whose example does not come out as plain slots (a marker transformed on the way) is
/// remembered as such and always rendered by Mustache. `render` is thus always what Mustache
/// renders. Lists of
/// contexts are part of the shape (their length and each element's shape).
final class CompiledTemplate: @unchecked Sendable {
    private let name: TemplateName
    private let lock = NSLock()
    private var plans: [Shape: Plan?] = [:]
    private let capacity = 4_096

    private let isEnabled: Bool

    init(_ name: TemplateName, isEnabled: Bool = true) {
        self.name = name
        self.isEnabled = isEnabled
    }

    /// How many shapes have been seen (each with its plan, or marked for Mustache).
    var shapeCount: Int { lock.withLock { plans.count } }

    /// `context` rendered with the template, as `templates.render(context, with: name)` would.
    func render<Context: RenderContext>(_ context: Context, templates: TemplateSet) -> String {
        guard isEnabled else { return templates.render(context, with: name) }
        var reading = Reading(buildsExample: false)
        var ignored: [String: ExampleValue] = [:]
        guard reading.read(context, into: &ignored) else { return templates.render(context, with: name) }
        let shape = Shape(bytes: reading.shape)
        let known = lock.withLock { plans[shape] }
        let plan: Plan?
        if let known {
            plan = known
        } else {
            var example = Reading(buildsExample: true)
            var fields: [String: ExampleValue] = [:]
            _ = example.read(context, into: &fields)
            let rendered = templates.render(ExampleNode(fields: fields), with: name)
            plan = Plan(example: rendered, slotCount: example.strings.count)
            lock.withLock {
                if plans.count >= capacity { plans.removeAll(keepingCapacity: true) }
                plans[shape] = .some(plan)
            }
        }
        guard let plan else { return templates.render(context, with: name) }
        return plan.render(reading.strings)
    }

    /// A shape as a dictionary key, hashed and compared as one run of bytes: an array of bytes
    /// is hashed a byte at a time, and every row of a page is looked up.
    private struct Shape: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.bytes.count == rhs.bytes.count && (lhs.bytes.isEmpty || lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
            })
        }
    }

    // MARK: Reading a context

    /// A context's shape and its non-empty strings in order; for an example, also its fields
    /// with a marker for each of those strings.
    ///
    /// The shape is a byte string: the context's type, then one code per field in the order of
    /// its field table, nested contexts and lists inside brackets with their own types.
    private struct Reading {
        let buildsExample: Bool
        var shape: [UInt8] = []
        var strings: [String] = []

        init(buildsExample: Bool) {
            self.buildsExample = buildsExample
            shape.reserveCapacity(128)
            strings.reserveCapacity(16)
        }

        mutating func append(type: Any.Type) {
            withUnsafeBytes(of: ObjectIdentifier(type)) { shape.append(contentsOf: $0) }
        }

        /// Reads every field of `context`. Every value a field can hold has a shape, so reading
        /// always succeeds; the result says so for the caller's sake.
        mutating func read<Context: RenderContext>(_ context: Context, into example: inout [String: ExampleValue]) -> Bool {
            append(type: Context.self)
            for field in Context.fields {
                switch field.read(context) {
                case .absent:
                    shape.append(UInt8(ascii: "n"))
                    if buildsExample { example[field.name] = .value(nil) }
                case let .text(text) where text.isEmpty:
                    shape.append(UInt8(ascii: "e"))
                    if buildsExample { example[field.name] = .value(text) }
                case let .text(text):
                    shape.append(UInt8(ascii: "s"))
                    if buildsExample { example[field.name] = .slot(strings.count) }
                    strings.append(text)
                case let .flag(flag):
                    shape.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
                    if buildsExample { example[field.name] = .value(flag) }
                case let .number(number):
                    shape.append(UInt8(ascii: "i"))
                    withUnsafeBytes(of: number) { shape.append(contentsOf: $0) }
                    if buildsExample { example[field.name] = .value(number) }
                case let .context(nested):
                    shape.append(UInt8(ascii: "{"))
                    var fields: [String: ExampleValue] = [:]
                    guard read(nested, into: &fields) else { return false }
                    if buildsExample { example[field.name] = .node(ExampleNode(fields: fields)) }
                    shape.append(UInt8(ascii: "}"))
                case let .list(list):
                    shape.append(UInt8(ascii: "["))
                    var nodes: [ExampleNode] = []
                    for element in list {
                        var fields: [String: ExampleValue] = [:]
                        guard read(element, into: &fields) else { return false }
                        if buildsExample { nodes.append(ExampleNode(fields: fields)) }
                        shape.append(UInt8(ascii: ","))
                    }
                    if buildsExample { example[field.name] = .list(nodes) }
                    shape.append(UInt8(ascii: "]"))
                }
            }
            return true
        }
    }

    // MARK: The example

    fileprivate enum ExampleValue {
        case value(Any?)
        case slot(Int)
        case node(ExampleNode)
        case list([ExampleNode])
    }

    /// A context read into fields, with a marker for each string slot.
    fileprivate struct ExampleNode: RenderContext, @unchecked Sendable {
        let fields: [String: ExampleValue]

        static let fields: [TemplateField<Self>] = []

        func child(named name: String) -> Any? {
            switch fields[name] {
            case .none: return nil
            case .value(let value)?: return value ?? AbsentValue()
            case .slot(let index)?: return Marker.text(index)
            case .node(let node)?: return node
            case .list(let nodes)?: return nodes
            }
        }
    }

    /// `U+F8FF & index U+F8FE`: private-use characters no template contains, and an ampersand that
    /// tells, once rendered, whether the slot was escaped (`&amp;`) or not.
    fileprivate enum Marker {
        static let start = "\u{F8FF}", end = "\u{F8FE}"
        static func text(_ index: Int) -> String { start + "&" + String(index) + end }
    }

    // MARK: The plan

    /// Literal bytes and slots, kept as plain values: every part used to be a String, and
    /// retaining those shared strings from several threads at once cost more than copying them.
    private struct Plan {
        /// A slot, after the literal bytes up to `literalEnd`.
        struct Slot {
            var literalEnd: Int
            var index: Int
            var isEscaped: Bool
        }

        /// Every literal part, one after another.
        let literals: [UInt8]
        let slots: [Slot]

        /// The plan of `example`, or `nil` if its markers are not all whole. Read as UTF-8 bytes,
        /// which is how the markers are matched exactly and the literals kept.
        init?(example: String, slotCount: Int) {
            let bytes = Array(example.utf8)
            let start = Array(Marker.start.utf8), end = Array(Marker.end.utf8), escapedAmpersand = Array("&amp;".utf8)
            func hasPrefix(_ prefix: [UInt8], at offset: Int) -> Bool {
                offset + prefix.count <= bytes.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
            }
            var literals: [UInt8] = []
            var slots: [Slot] = []
            var literalStart = 0, offset = 0
            while offset < bytes.count {
                if hasPrefix(end, at: offset) { return nil }
                guard hasPrefix(start, at: offset) else {
                    offset += 1
                    continue
                }
                literals += bytes[literalStart..<offset]
                offset += start.count
                let escaped = hasPrefix(escapedAmpersand, at: offset)
                guard escaped || (offset < bytes.count && bytes[offset] == UInt8(ascii: "&")) else { return nil }
                offset += escaped ? escapedAmpersand.count : 1
                var index = 0, digits = 0
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]), digits < 9 {
                    index = index * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
                    offset += 1
                    digits += 1
                }
                guard digits > 0, index < slotCount, hasPrefix(end, at: offset) else { return nil }
                offset += end.count
                slots.append(Slot(literalEnd: literals.count, index: index, isEscaped: escaped))
                literalStart = offset
            }
            literals += bytes[literalStart...]
            self.literals = literals
            self.slots = slots
        }

        func render(_ strings: [String]) -> String {
            // Written straight into the string's storage, sized for the most the strings can take.
            // The string keeps that capacity: a row is copied into its page's text and let go.
            var capacity = literals.count
            for slot in slots {
                capacity += slot.isEscaped ? HTMLEscaping.escapedSizeLimit(of: strings[slot.index]) : strings[slot.index].utf8.count
            }
            return String(unsafeUninitializedCapacity: capacity) { output in
                literals.withUnsafeBufferPointer { literals in
                    var start = 0, end = 0
                    for slot in slots {
                        end = output[end...].initialize(fromContentsOf: UnsafeBufferPointer(rebasing: literals[start..<slot.literalEnd]))
                        if slot.isEscaped {
                            end = HTMLEscaping.write(escaping: strings[slot.index], to: output, at: end)
                        } else {
                            var text = strings[slot.index]
                            end = text.withUTF8 { output[end...].initialize(fromContentsOf: $0) }
                        }
                        start = slot.literalEnd
                    }
                    return output[end...].initialize(fromContentsOf: UnsafeBufferPointer(rebasing: literals[start...]))
                }
            }
        }
    }
}
