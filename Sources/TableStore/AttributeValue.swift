import Foundation
import TableKit

/// One attribute of an item: text, a number or a truth value.
public enum AttributeValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(text): try container.encode(text)
        case let .number(number): try container.encode(number)
        case let .bool(flag): try container.encode(flag)
        }
    }

    /// The value as text people read: numbers without a spurious ".0".
    public var description: String {
        switch self {
        case let .string(text): text
        case let .number(number): NumberWords.plain(number)
        case let .bool(flag): flag ? "true" : "false"
        }
    }

    /// The value as a number, when it is one or is text that reads as one.
    public var number: Double? {
        switch self {
        case let .number(number): number
        case let .string(text): Double(text)
        case .bool: nil
        }
    }

    /// The value as a truth value, when it is one.
    public var bool: Bool? {
        if case let .bool(flag) = self { return flag }
        return nil
    }
}
