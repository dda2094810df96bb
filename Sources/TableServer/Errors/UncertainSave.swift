import HTTPTypes
import TableStore

/// A post whose commit was sent when the database stopped answering (`StoreError.outcomeUnknown`):
/// the change may or may not have been made. The answer leads back to the page it came from,
/// whose address is a GET: a browser's "reload" of this answer would send the form again, and an
/// Add sent again is a second item.
struct UncertainSave: PageError {
    /// The page the post came from, and its title.
    var path: [String]
    var title: String

    var status: HTTPResponse.Status { .serviceUnavailable }
    var upPath: [String] { path }

    var description: String {
        "The database stopped answering while your change was being saved, so it may or may not have been made. "
            + "Open “\(title)” to see whether it was before you send it again: sending this form again could make the change twice."
    }
}
