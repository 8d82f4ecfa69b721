// antd's Dropdown on its own, for the desktop header to load when a menu is first wanted.
import { Dropdown } from 'antd';

export default Dropdown;
