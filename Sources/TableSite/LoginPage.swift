import TableRender

/// The editors' sign-in and sign-out sheets.
public enum LoginPage {
    /// The sign-in sheet: one password field, and why the last try was refused.
    public static func signIn(site: Site, error: String?, csrf: String) -> String {
        let sheet = SheetContext(title: "Sign In", sectionTitle: "Editor password", action: site.urls.basePath + "_login",
                                 csrf: csrf, revision: "", cancelHref: site.urls.basePath, saveTitle: "Sign In",
                                 errorSummary: error, hiddenFields: [],
                                 fields: [FieldContext(name: "password", label: "Password", kind: .password, isRequired: true, error: error)])
        return render(sheet, site: site)
    }

    /// The sign-out sheet: a button that posts, since a link could be followed by anyone's page.
    public static func signOut(site: Site, csrf: String) -> String {
        let sheet = SheetContext(title: "Sign Out", sectionTitle: "Stop editing in this browser",
                                 action: site.urls.basePath + "_logout", csrf: csrf, revision: "",
                                 cancelHref: site.urls.basePath, saveTitle: "Sign Out", hiddenFields: [], fields: [])
        return render(sheet, site: site)
    }

    private static func render(_ sheet: SheetContext, site: Site) -> String {
        site.renderer.render(sheet: sheet, documentTitle: site.documentTitle(sheet: sheet.title), language: site.language, assets: site.assets([]),
                             navigationBar: Sheets.bar(for: sheet))
    }
}
