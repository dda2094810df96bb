import Foundation

/// The kinds of template an app adds to the ones TableStack renders, each in a subfolder of a
/// template folder: `cells/NAME.mustache` draws a custom cell, `accessories/NAME.mustache` a
/// custom accessory view, `sections/NAME.mustache` a section's header or footer view.
public enum CustomTemplateKind: String, CaseIterable, Sendable {
    case cell = "cells"
    case accessory = "accessories"
    case section = "sections"

    /// The library name of the template `name` of this kind.
    func libraryName(_ name: String) -> String { "\(rawValue)/\(name)" }

    /// What the kind is called in messages.
    public var noun: String {
        switch self {
        case .cell: "cell template"
        case .accessory: "accessory template"
        case .section: "section template"
        }
    }
}
