/**
 * antd's styles of the signed-in app's common components, made at build time (src/boot/vite-plugin.ts
 * writes them to a CSS file) instead of in the browser: antd 5 otherwise builds every component's CSS
 * with JavaScript on first render (hundreds of ms of main thread on the orders page). The file ends with
 * antd's own cache map (`.data-ant-cssinjs-cache-path`): with the file applied before antd's first
 * render, antd finds each style there and skips building and inserting it — antd's server-rendering
 * mechanism. Styles of the light theme only; the dark theme and components not drawn here are built in
 * the browser as before. Run in Node (react-dom/server), never in the browser.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  ConfigProvider,
  DatePicker,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Input,
  InputNumber,
  Menu,
  Pagination,
  Popconfirm,
  Popover,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { renderToString } from 'react-dom/server';
import { antdTheme, menuTheme } from './antd-theme';

/**
 * One of each component the shell and the list pages draw, in the states they are drawn in (forms, show
 * pages and the rest build theirs in the browser: each style here is CSS every signed-in page loads).
 */
function Components() {
  return (
    <App>
      {/* As src/layout/navigation-menu.tsx draws it in the default sidebar (dark); other tones build theirs. */}
      <ConfigProvider theme={menuTheme('dark')}>
        <Menu mode="inline" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }, { type: 'divider' }, { key: 'c', label: 'c' }]} />
      </ConfigProvider>
      <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
        <Button>a</Button>
      </Dropdown>
      <Button type="primary" size="small" danger icon={<span />}>
        a
      </Button>
      <Button type="text" shape="circle" />
      <Avatar>a</Avatar>
      <Badge count={1}>
        <Avatar />
      </Badge>
      <Tooltip title="a">
        <span>a</span>
      </Tooltip>
      <Popover content="a">
        <span>a</span>
      </Popover>
      <Popconfirm title="a">
        <span>a</span>
      </Popconfirm>
      <Drawer open={false} />
      <Switch />
      <Typography.Title level={3}>a</Typography.Title>
      <Typography.Text type="secondary">a</Typography.Text>
      <Typography.Paragraph>a</Typography.Paragraph>
      <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
      <Divider />
      <Space wrap>
        <Input allowClear placeholder="a" />
        <Input.Search allowClear enterButton placeholder="a" />
        <Space.Compact>
          <InputNumber />
          <InputNumber />
        </Space.Compact>
        <Select allowClear showSearch options={[{ value: 1, label: 'a' }]} style={{ minWidth: 160 }} />
        <Select mode="multiple" options={[{ value: 1, label: 'a' }]} />
        <DatePicker />
        <DatePicker.RangePicker />
      </Space>
      <Table
        rowKey="id"
        columns={[
          { key: 'a', dataIndex: 'a', title: 'a', sorter: true, sortOrder: 'descend' },
          { key: 'b', dataIndex: 'b', title: 'b' },
        ]}
        dataSource={[{ id: 1, a: 'a', b: 'b' }]}
        pagination={{ current: 1, pageSize: 10, total: 100, showSizeChanger: true, showTotal: () => 'a' }}
      />
      <Table columns={[{ key: 'a', title: 'a' }]} dataSource={[]} loading locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
      <Pagination total={100} />
      <Spin />
      <Empty />
      <Card title="a" size="small">
        a
      </Card>
      <Tag>a</Tag>
    </App>
  );
}

/** The CSS of those components in the light theme, with antd's cache map at its end. */
export function antdStaticCss(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={antdTheme('light')}>
        <Components />
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, true);
}
