"""The battle screen's side panel and top bar: sections that draw and report clicks."""
