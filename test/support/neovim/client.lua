-- Drives the built Connector Tools language server from Neovim (0.7+), headless, as a user's editor would:
-- attach, wait for diagnostics, apply a quick fix, ask for completion, run the server's command.
-- Reads CONNECTOR_SERVER, CONNECTOR_FILE and CONNECTOR_OUT from the environment; writes what it saw as JSON.
local server = os.getenv('CONNECTOR_SERVER')
local path = os.getenv('CONNECTOR_FILE')
local out_path = os.getenv('CONNECTOR_OUT')
local out = { steps = {} }

local function finish()
  local file = io.open(out_path, 'w')
  file:write(vim.fn.json_encode(out))
  file:close()
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'connector-tools',
    cmd = { 'node', server, '--stdio' },
    root_dir = vim.fn.fnamemodify(path, ':h'),
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  local function codes()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = d.user_data and d.user_data.lsp or {}
      table.insert(list, { code = lsp.code or d.code, line = d.lnum, col = d.col, message = d.message })
    end
    return list
  end
  local function has_code(code)
    for _, d in ipairs(codes()) do if d.code == code then return true end end
    return false
  end

  -- 1. Diagnostics arrive.
  vim.wait(30000, function() return has_code('multi-on-path') end, 50)
  out.diagnostics = codes()
  table.insert(out.steps, 'diagnostics')

  -- 2. The quick fix for multi-on-path, as a code action on its range.
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    if lsp.code == 'multi-on-path' then
      local range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } }
      target = { range = range, code = lsp.code, message = d.message, severity = d.severity, source = d.source }
    end
  end
  local actions = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = target.range,
    context = { diagnostics = { target } },
  }, 10000, bufnr)
  out.actions = {}
  out.actions_error = actions.err and vim.inspect(actions.err) or nil
  for _, action in ipairs(actions.result or {}) do
    table.insert(out.actions, action.title)
    if action.kind == 'quickfix' and action.edit and not out.applied_fix then
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      out.applied_fix = action.title
    end
  end
  vim.wait(30000, function() return not has_code('multi-on-path') end, 50)
  out.after_fix = codes()
  table.insert(out.steps, 'fix')

  -- 3. Completion inside the first operation's headers object (a header name).
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local position
  for i, line in ipairs(lines) do
    local at = line:find('"headers": {', 1, true)
    if at and not position then position = { line = i - 1, character = at - 1 + #'"headers": { ' } end
  end
  local completion = client.request_sync('textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = position,
  }, 10000, bufnr)
  local items = completion.result and (completion.result.items or completion.result) or {}
  out.completion = {}
  for _, item in ipairs(items) do
    table.insert(out.completion, { label = item.label, format = item.insertTextFormat, text = item.textEdit and item.textEdit.newText or item.insertText })
  end
  table.insert(out.steps, 'completion')

  -- 4. The server's command, as docs/commands.md binds it: the cursor in the searchPets operation, its position
  -- and the names as arguments (Neovim applies the edit the server sends back).
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if line:find('"id": "searchPets"', 1, true) then vim.api.nvim_win_set_cursor(0, { i, 4 }) end
  end
  local params = vim.lsp.util.make_position_params(0, 'utf-16')
  local result = client.request_sync('workspace/executeCommand', {
    command = 'connector.addQueryParameters',
    arguments = { params.textDocument.uri, params.position, 'cursor, pageSize', 'integer', false },
  }, 10000, bufnr)
  out.command = result.result or { error = result.err and result.err.message }
  out.buffer = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  table.insert(out.steps, 'command')
  vim.lsp.stop_client(client_id)
end)
if not ok then out.error = tostring(err) end
finish()
